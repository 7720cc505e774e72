import Foundation

/// A Swift type that one ``PersistentValue`` case holds as is, so reading and writing it
/// needs no ``ValueCodec`` and no `Any` box: the hot path of model property access.
///
/// Each conformance converts exactly as the type's codec does; anything else (a value of
/// another case) is left to the codec, which reports it.
protocol DirectlyStored {
    /// The value `stored` holds, or `nil` when it is not this type's case.
    static func direct(_ stored: PersistentValue) -> Self?
    /// The persisted form (never fails, unlike a codec's `encode`).
    var persistentValue: PersistentValue { get }
    /// Whether `stored` holds a value of this type.
    static func holds(_ stored: PersistentValue) -> Bool
    /// The value `stored` holds; `stored` must pass ``holds(_:)``.
    init(holding stored: PersistentValue)
}

// The generic entry points below never form an `Optional` of a generic type: in code that is
// not specialized, each one costs a metadata look-up.
extension DirectlyStored {
    static func holds(_ stored: PersistentValue) -> Bool { direct(stored) != nil }

    init(holding stored: PersistentValue) { self = Self.direct(stored)! }

    /// `stored` as `Value`, which is `Self` (a slot's layout pairs them); `stored` must pass ``holds(_:)``.
    static func value<Value>(of stored: PersistentValue, as _: Value.Type) -> Value {
        Self(holding: stored) as! Value
    }

    /// The persisted form of `value`, which is of type `Self`.
    static func persistentValue<Value>(of value: Value) -> PersistentValue {
        (value as! Self).persistentValue
    }
}

extension Bool: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Bool? { if case .bool(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .bool(self) }
}

extension Int: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Int? { if case .integer(let value) = stored { Int(exactly: value) } else { nil } }
    var persistentValue: PersistentValue { .integer(Int64(self)) }
}

extension Int64: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Int64? { if case .integer(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .integer(self) }
}

extension Double: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Double? { if case .double(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .double(self) }
}

extension String: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> String? { if case .string(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .string(self) }
}

extension Data: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Data? { if case .data(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .data(self) }
}

extension Date: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Date? { if case .date(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .date(self) }
}

extension UUID: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> UUID? { if case .uuid(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .uuid(self) }
}

extension Decimal: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Decimal? { if case .decimal(let value) = stored { value } else { nil } }
    var persistentValue: PersistentValue { .decimal(self) }
}

// Spelled out with `switch`: `map` and key paths cost generic metadata look-ups here.
extension Optional: DirectlyStored where Wrapped: DirectlyStored {
    static func direct(_ stored: PersistentValue) -> Wrapped?? {
        holds(stored) ? .some(Self(holding: stored)) : nil
    }

    static func holds(_ stored: PersistentValue) -> Bool { stored.isNull || Wrapped.holds(stored) }

    init(holding stored: PersistentValue) {
        self = stored.isNull ? .none : .some(Wrapped(holding: stored))
    }

    var persistentValue: PersistentValue {
        switch self {
        case .some(let wrapped): wrapped.persistentValue
        case .none: .null
        }
    }
}
