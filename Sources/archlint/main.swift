import ArchlintCLI
import Foundation

ArchlintCommand.installCrashHandler()
exit(ArchlintCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
