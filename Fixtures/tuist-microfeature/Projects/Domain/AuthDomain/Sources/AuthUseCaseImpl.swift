import AuthDomainInterface
import Networking

struct AuthUseCaseImpl: AuthUseCase {}
