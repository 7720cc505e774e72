/// How a backend's answer differed from the reference for one ``FuzzTrial``.
struct FuzzMismatch: Error, Sendable {
    /// `fetch`, `fetchCount` or `fetchIdentifiers`.
    var operation: String
    var expected: String
    var actual: String
}
