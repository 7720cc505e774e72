import Foundation

/// A Swift type that one ``PersistentValue`` case holds as is, so reading and writing it
/// needs no ``ValueCodec`` and no `Any` box: the hot path of model property access.
///
/// Public only so that `@Model` accessors, compiled in the app's module, can take the fast path
/// for these types (see ``_getValue(_:forKey:at:)``); conforming other types is not supported.
/// Each conformance converts exactly as the type's codec does; anything else (a value of
/// another case) is left to the codec, which reports it.
public protocol _DirectlyStored {
    /// The value `stored` holds, or `nil` when it is not this type's case.
    static func _direct(_ stored: PersistentValue) -> Self?
    /// The persisted form (never fails, unlike a codec's `encode`).
    var _persistentValue: PersistentValue { get }
    /// Whether `stored` holds a value of this type.
    static func _holds(_ stored: PersistentValue) -> Bool
    /// The value `stored` holds; `stored` must pass ``_holds(_:)``.
    init(_holding stored: PersistentValue)
}

// The generic entry points below never form an `Optional` of a generic type: in code that is
// not specialized, each one costs a metadata look-up.
extension _DirectlyStored {
    public static func _holds(_ stored: PersistentValue) -> Bool { _direct(stored) != nil }

    public init(_holding stored: PersistentValue) { self = Self._direct(stored)! }

    /// `stored` as `Value`, which is `Self` (a slot's layout pairs them); `stored` must pass ``_holds(_:)``.
    ///
    /// The types are compared, not cast: `as!` through a generic costs a runtime cast per property access.
    static func value<Value>(of stored: PersistentValue, as _: Value.Type) -> Value {
        precondition(Value.self == Self.self, "\(Value.self) read from a slot of \(Self.self)")
        return withUnsafePointer(to: Self(_holding: stored)) { UnsafeRawPointer($0).load(as: Value.self) }
    }

    /// The persisted form of `value`, which is of type `Self`.
    static func persistentValue<Value>(of value: Value) -> PersistentValue {
        precondition(Value.self == Self.self, "\(Value.self) written to a slot of \(Self.self)")
        return withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: Self.self)._persistentValue }
    }
}

extension Bool: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Bool? { if case .bool(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .bool(self) }
}

extension Int: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Int? { if case .integer(let value) = stored { Int(exactly: value) } else { nil } }
    public var _persistentValue: PersistentValue { .integer(Int64(self)) }
}

extension Int64: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Int64? { if case .integer(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .integer(self) }
}

extension Double: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Double? { if case .double(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .double(self) }
}

extension String: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> String? { if case .string(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .string(self) }
}

extension Data: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Data? { if case .data(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .data(self) }
}

extension Date: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Date? { if case .date(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .date(self) }
}

extension UUID: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> UUID? { if case .uuid(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .uuid(self) }
}

extension Decimal: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Decimal? { if case .decimal(let value) = stored { value } else { nil } }
    public var _persistentValue: PersistentValue { .decimal(self) }
}

// Spelled out with `switch`: `map` and key paths cost generic metadata look-ups here.
extension Optional: _DirectlyStored where Wrapped: _DirectlyStored {
    public static func _direct(_ stored: PersistentValue) -> Wrapped?? {
        _holds(stored) ? .some(Self(_holding: stored)) : nil
    }

    public static func _holds(_ stored: PersistentValue) -> Bool { stored.isNull || Wrapped._holds(stored) }

    public init(_holding stored: PersistentValue) {
        self = stored.isNull ? .none : .some(Wrapped(_holding: stored))
    }

    public var _persistentValue: PersistentValue {
        switch self {
        case .some(let wrapped): wrapped._persistentValue
        case .none: .null
        }
    }
}
