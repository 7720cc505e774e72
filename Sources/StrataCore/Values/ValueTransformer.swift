import Foundation
import Synchronization

/// The name a ``ValueTransformer`` is registered under, as in Foundation on Apple platforms.
///
/// ```swift
/// extension NSValueTransformerName {
///     static let palette = NSValueTransformerName("PaletteTransformer")
/// }
/// ```
public struct NSValueTransformerName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// Converts a value to another representation and back: Foundation's `ValueTransformer`, which
/// Foundation on Linux lacks, for `@Attribute(.transformable(by:))`.
///
/// A transformable attribute stores the `Data` that ``transformedValue(_:)`` returns and reads
/// its value back with ``reverseTransformedValue(_:)``:
/// ```swift
/// final class PaletteTransformer: ValueTransformer {
///     override func transformedValue(_ value: Any?) -> Any? { (value as? Palette).map { Data($0.text.utf8) } }
///     override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? Data).map { Palette(text: String(decoding: $0, as: UTF8.self)) } }
/// }
/// ValueTransformer.setValueTransformer(PaletteTransformer(), forName: .palette)
/// ```
/// `.transformable(by: PaletteTransformer.self)` makes one with `init()`, which a subclass
/// with an initializer of its own must keep (`required`); `.transformable(by: "name")` uses
/// the one registered under that name. Stores call transformers from any thread, as Core Data
/// does: keep them free of mutable state.
open class ValueTransformer: NSObject {
    private static let registry = Mutex<[NSValueTransformerName: Registered]>([:])

    /// A registered transformer; shared between threads, as Core Data shares them.
    private struct Registered: @unchecked Sendable {
        let transformer: ValueTransformer
    }

    public required override init() {
        super.init()
    }

    /// Registers `transformer` under `name`, replacing what was there; `nil` removes it.
    open class func setValueTransformer(_ transformer: ValueTransformer?, forName name: NSValueTransformerName) {
        registry.withLock { $0[name] = transformer.map(Registered.init) }
    }

    /// The transformer registered under `name`, or `nil`.
    static func registered(forName name: NSValueTransformerName) -> ValueTransformer? {
        registry.withLock { $0[name] }?.transformer
    }

    /// The names of every registered transformer.
    open class func valueTransformerNames() -> [NSValueTransformerName] {
        registry.withLock { Array($0.keys) }
    }

    /// The class of the values ``transformedValue(_:)`` returns.
    open class func transformedValueClass() -> AnyClass { NSObject.self }

    /// Whether ``reverseTransformedValue(_:)`` undoes ``transformedValue(_:)``; `true` unless overridden.
    open class func allowsReverseTransformation() -> Bool { true }

    /// The transformed form of `value`; the base class returns `value` unchanged.
    open func transformedValue(_ value: Any?) -> Any? { value }

    /// The value `value` is the transformed form of; `nil` when the transformer does not allow
    /// reversing, else ``transformedValue(_:)`` of it (Foundation's default).
    open func reverseTransformedValue(_ value: Any?) -> Any? {
        Self.allowsReverseTransformation() ? transformedValue(value) : nil
    }
}

extension ValueTransformer: _ValueTransformerLookup {}

/// Gives ``ValueTransformer`` Foundation's `init?(forName:)`, which returns the registered
/// instance: only a protocol extension's initializer can assign `self`.
/// (Not constrained to classes: in a class-bound protocol's extension `self` is immutable.)
public protocol _ValueTransformerLookup {}

extension _ValueTransformerLookup {
    /// The transformer registered under `name`, or `nil` when there is none of this class.
    public init?(forName name: NSValueTransformerName) {
        guard let registered = ValueTransformer.registered(forName: name) as? Self else { return nil }
        self = registered
    }
}
