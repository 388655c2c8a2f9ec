public protocol SignupBuilding {}
