public let local = 1
