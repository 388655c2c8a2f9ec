// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "swift-collections",
    products: [
        .library(name: "Collections", targets: ["Collections"]),
        .library(name: "DequeModule", targets: ["DequeModule"]),
        .library(name: "OrderedCollections", targets: ["OrderedCollections"]),
    ],
    targets: [
        .target(name: "InternalCollectionsUtilities"),
        .target(name: "Collections", dependencies: ["DequeModule", "OrderedCollections"]),
        .target(name: "DequeModule", dependencies: ["InternalCollectionsUtilities"]),
        .target(name: "OrderedCollections", dependencies: ["InternalCollectionsUtilities"]),
    ]
)
