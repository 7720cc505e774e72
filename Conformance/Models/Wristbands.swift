import StrataCore

/// A model whose to-one relationship cannot be nil (`lifetime.*` cases).
@Model public final class Wristband {
    public var code: String
    public var wearer: Attendee

    public init(code: String, wearer: Attendee) {
        self.code = code
        self.wearer = wearer
    }
}

/// The model a ``Wristband`` names.
@Model public final class Attendee {
    public var name: String

    public init(name: String) {
        self.name = name
    }
}
