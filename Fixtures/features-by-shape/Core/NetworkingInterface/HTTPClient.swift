public protocol HTTPClient {}
