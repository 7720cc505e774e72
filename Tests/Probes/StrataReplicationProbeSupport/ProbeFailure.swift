/// Why a probe run or a fault run failed, in a sentence.
public struct ProbeFailure: Error, CustomStringConvertible {
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}
