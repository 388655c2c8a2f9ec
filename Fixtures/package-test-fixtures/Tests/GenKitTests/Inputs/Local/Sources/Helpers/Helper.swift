public let helper = 2
