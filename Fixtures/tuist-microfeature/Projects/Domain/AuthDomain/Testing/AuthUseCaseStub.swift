import AuthDomainInterface

public struct AuthUseCaseStub: AuthUseCase {}
