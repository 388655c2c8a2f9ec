import HomeFeatureInterface
import SignupFeatureInterface

struct SignupView {}
