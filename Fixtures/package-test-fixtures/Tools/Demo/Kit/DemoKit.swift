public let demoKit = 1
