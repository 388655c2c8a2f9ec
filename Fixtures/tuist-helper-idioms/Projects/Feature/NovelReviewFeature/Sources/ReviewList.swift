import AuthDomain

struct ReviewList {
    let session: Session
}
