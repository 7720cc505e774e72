import Synchronization

/// Decides, call by call, whether an ``InterceptingStore`` lets a request through or fails it.
///
/// ```swift
/// // Fail the second save with a store error, pass everything else.
/// let interceptor = Interceptor { call in
///     if call.operation == .save && call.number == 2 { throw InjectedFault() }
/// }
/// ```
public final class Interceptor: Sendable, Hashable {
    /// The store operations an interceptor sees.
    public enum Operation: String, Sendable {
        case fetch, fetchCount, fetchIdentifiers, save, batchDelete, cachedSnapshots, relatedIdentifiers, erase
    }

    /// One request reaching the store.
    public struct Call: Sendable {
        public let operation: Operation
        /// 1 for the first call of any operation, 2 for the next, and so on.
        public let number: Int
        /// Whether a fetch-like request carries a predicate.
        public let hasPredicate: Bool
        /// Whether a fetch-like request carries sort descriptors.
        public let hasSort: Bool
    }

    private let rule: @Sendable (Call) throws -> Void
    private let calls = Mutex(0)

    /// An interceptor that runs `rule` before every store call; a throw fails that call.
    public init(_ rule: @escaping @Sendable (Call) throws -> Void = { _ in }) {
        self.rule = rule
    }

    /// How many calls reached the store so far.
    public var callCount: Int { calls.withLock { $0 } }

    func intercept(_ operation: Operation, hasPredicate: Bool = false, hasSort: Bool = false) throws {
        let number = calls.withLock { count in
            count += 1
            return count
        }
        try rule(Call(operation: operation, number: number, hasPredicate: hasPredicate, hasSort: hasSort))
    }

    public static func == (lhs: Interceptor, rhs: Interceptor) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The error an interceptor throws to simulate a store failure.
public struct InjectedFault: Error, Sendable, Equatable {
    public init() {}
}
