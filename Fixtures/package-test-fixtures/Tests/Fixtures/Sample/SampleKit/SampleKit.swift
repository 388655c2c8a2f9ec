public let sampleKit = 1
