import Foundation

/// Why the service did not start, as one line for whoever runs it: what failed, the
/// underlying error, and what to change.
public struct StartupError: Error, CustomStringConvertible {
    /// What failed, such as `cannot open the store sqlite:/var/lib/todo.sqlite`.
    public let failure: String
    /// The underlying error on one line, if there is one.
    public let cause: String?
    /// What to change to get past it.
    public let remedy: String

    /// An error whose `cause` is described on one line.
    init(_ failure: String, cause: (any Error)? = nil, remedy: String) {
        self.failure = failure
        self.cause = cause.map(Self.oneLine)
        self.remedy = remedy
    }

    /// `failure: cause. remedy`, on one line (no period after a cause that asks a question).
    public var description: String {
        let stated = cause.map { "\(failure): \($0)" } ?? failure
        return stated + (stated.hasSuffix("?") ? " " : ". ") + remedy
    }

    /// An error's description with its line breaks and indentation folded into single spaces and
    /// no closing period (libpq's messages span lines).
    private static func oneLine(_ error: any Error) -> String {
        let words = String(describing: error).split(whereSeparator: \.isWhitespace)
        var text = words.joined(separator: " ")
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
