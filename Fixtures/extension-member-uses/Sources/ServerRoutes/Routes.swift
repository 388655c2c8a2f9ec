struct Routes {
    let paths = ["/", "/games"]

    var nested: [String] { paths.filter { $0.count > 1 } }
}
