import Kit

public let extra = Kit()
