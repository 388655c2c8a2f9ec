import ArchlintCLI
import Foundation

exit(ArchlintCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
