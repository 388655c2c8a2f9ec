let stubData = "excluded from the test target"
