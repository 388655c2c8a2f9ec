public let tool = 1
