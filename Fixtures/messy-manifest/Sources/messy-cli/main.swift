import Core

print(CoreService())
