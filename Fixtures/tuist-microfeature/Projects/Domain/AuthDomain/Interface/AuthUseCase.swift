public protocol AuthUseCase {}
