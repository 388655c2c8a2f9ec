import ArchlintCLI

ArchlintCommand.main()
