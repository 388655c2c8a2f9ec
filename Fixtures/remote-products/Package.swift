// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Shop",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/firebase/firebase-ios-sdk.git", from: "11.0.0"),
        .package(url: "https://github.com/airbnb/lottie-spm.git", from: "4.4.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        .target(name: "App", dependencies: [
            .product(name: "FirebaseInAppMessaging-Beta", package: "firebase-ios-sdk"),
            .product(name: "FirebaseAnalyticsWithoutAdIdSupport", package: "firebase-ios-sdk"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "Widget", dependencies: [
            .product(name: "Lottie", package: "lottie-spm"),
            .product(name: "Logging", package: "swift-log"),
        ]),
    ]
)
