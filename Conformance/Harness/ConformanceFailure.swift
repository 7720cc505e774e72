/// Why a case failed: what was expected, what came back, and the seed where there is one.
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible, Codable {
    public var caseID: String
    public let message: String
    public let expected: String?
    public let actual: String?
    public let seed: UInt64?

    public init(caseID: String = "", message: String, expected: String? = nil, actual: String? = nil, seed: UInt64? = nil) {
        self.caseID = caseID
        self.message = message
        self.expected = expected
        self.actual = actual
        self.seed = seed
    }

    public var description: String {
        var text = "\(caseID): \(message)"
        if let expected { text += "\n  expected: \(expected)" }
        if let actual { text += "\n  actual:   \(actual)" }
        if let seed { text += "\n  seed: \(seed)" }
        return text
    }
}
