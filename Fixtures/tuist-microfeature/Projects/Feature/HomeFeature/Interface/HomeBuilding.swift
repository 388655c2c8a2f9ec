public protocol HomeBuilding {}
