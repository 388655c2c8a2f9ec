import ArchlintCLI
import Foundation

ArchlintCommand.tuneAllocator()
ArchlintCommand.installCrashHandler()
exit(ArchlintCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
