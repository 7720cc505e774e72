import Foundation

/// How `@Attribute(.transformable(by:))` names its ``ValueTransformer``: by class, made once
/// with `init()`, or by the name it is registered under, looked up on every use.
struct TransformerReference: Hashable, @unchecked Sendable, CustomStringConvertible {
    private enum Kind {
        case type(ValueTransformer.Type)
        case name(NSValueTransformerName)
    }

    private let kind: Kind

    init(_ type: ValueTransformer.Type) { kind = .type(type) }

    init(_ name: String) { kind = .name(NSValueTransformerName(name)) }

    /// `PaletteTransformer`, or `the transformer registered as "name"`.
    var description: String {
        switch kind {
        case .type(let type): String(reflecting: type)
        case .name(let name): "the value transformer registered as \"\(name.rawValue)\""
        }
    }

    /// A function that returns the transformer: for a class, the one instance made now; for a
    /// name, the one registered at each call, throwing ``SwiftDataError/unsupportedAttributeType``
    /// when there is none.
    func resolver() -> () throws -> ValueTransformer {
        switch kind {
        case .type(let type):
            let transformer = type.init()
            return { transformer }
        case .name(let name):
            return {
                guard let transformer = ValueTransformer(forName: name) else {
                    throw SwiftDataError.unsupportedAttributeType.with(
                        "no value transformer is registered as \"\(name.rawValue)\"; register one with ValueTransformer.setValueTransformer(_:forName:) before creating the container")
                }
                return transformer
            }
        }
    }

    /// Whether a transformer can be reached now: always for a class, for a name once registered.
    var isAvailable: Bool {
        switch kind {
        case .type: true
        case .name(let name): ValueTransformer(forName: name) != nil
        }
    }

    static func == (lhs: TransformerReference, rhs: TransformerReference) -> Bool {
        switch (lhs.kind, rhs.kind) {
        case (.type(let left), .type(let right)): left == right
        case (.name(let left), .name(let right)): left == right
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch kind {
        case .type(let type): hasher.combine(ObjectIdentifier(type))
        case .name(let name): hasher.combine(name)
        }
    }
}
