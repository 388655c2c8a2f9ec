import Networking

struct HomeFeed {
    let client = HTTPClient()
}
