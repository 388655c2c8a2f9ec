import ArchlintKit

print("archlint-bench: not implemented yet")
