/// Why the PostgreSQL test cluster could not be started or used; tests that meet it fail.
struct TestClusterError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
