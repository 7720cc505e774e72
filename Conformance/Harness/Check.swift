/// Assertions for case bodies; each throws a ``ConformanceFailure`` instead of using a test framework.
public enum Check {
    /// Fails unless `actual == expected`.
    public static func equal<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) throws {
        guard actual != expected else { return }
        throw ConformanceFailure(message: what, expected: "\(expected)", actual: "\(actual)")
    }

    /// Fails unless both sequences hold the same elements, ignoring order.
    public static func sameElements<Element: Hashable & Comparable>(_ actual: [Element], _ expected: [Element], _ what: String) throws {
        guard actual.sorted() != expected.sorted() else { return }
        throw ConformanceFailure(message: what, expected: "\(expected.sorted())", actual: "\(actual.sorted())")
    }

    /// Fails unless `value` is not nil; returns it.
    public static func unwrap<Value>(_ value: Value?, _ what: String) throws -> Value {
        guard let value else { throw ConformanceFailure(message: what, expected: "a value", actual: "nil") }
        return value
    }

    /// Fails unless `condition` holds.
    public static func that(_ condition: Bool, _ what: String) throws {
        guard !condition else { return }
        throw ConformanceFailure(message: what)
    }

    /// Fails unless `body` throws an error that `matches` accepts; returns that error.
    @discardableResult
    public static func throwsError(_ what: String, matching matches: (any Error) -> Bool = { _ in true }, _ body: () throws -> Void) throws -> any Error {
        do {
            try body()
        } catch {
            guard matches(error) else { throw ConformanceFailure(message: what, expected: "a matching error", actual: "\(error)") }
            return error
        }
        throw ConformanceFailure(message: what, expected: "an error", actual: "no error")
    }
}
