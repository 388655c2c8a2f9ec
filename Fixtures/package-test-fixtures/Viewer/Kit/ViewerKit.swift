public let viewerKit = 1
