import Foundation
import StrataCore

/// A model with `let` properties, as ported SwiftData code declares them. SwiftData persists a
/// `let` (its `@Model` accessors expand on it); the compiler allows accessors on a `let` in the
/// Swift 5 language mode only, with a warning, so this target is compiled in that mode.
@Model public final class Badge {
    public let code: String
    public let serial = UUID()
    public let holder: Holder?
    public var label: String

    public init(code: String, label: String, holder: Holder? = nil) {
        self.code = code
        self.label = label
        self.holder = holder
    }
}

/// The target of ``Badge/holder``, a `let` to-one relationship.
@Model public final class Holder {
    public var name: String
    public var badges: [Badge] = []

    public init(name: String) {
        self.name = name
    }
}
