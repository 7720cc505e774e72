import Foundation

/// Readable text for the parts of a predicate and a sort, as ``FetchExplanation`` and fallback
/// warnings show them: `$0.name.count == ?`, `$0.owner?.age ?? ? > ?`, `start descending`.
///
/// Property names come from the schema (a model's key paths have no names at run time). A value
/// shows as `?`, as a bound value does in SQL, unless `showsValues` is set: values can be
/// personal data and do not belong in logs by default. A node the describer does not know shows
/// as its type's name, such as `Filter(…)`.
public struct PredicateDescriber {
    /// Whether values appear as written rather than as `?`.
    public let showsValues: Bool
    private let schema: Schema
    private let propertyNames: [AnyKeyPath: String]

    /// A describer naming the properties of `schema`'s entities.
    public init(schema: Schema, showsValues: Bool = false) {
        self.showsValues = showsValues
        self.schema = schema
        var names: [AnyKeyPath: String] = [:]
        for entity in schema.entities {
            for property in entity.properties { names[property.keyPath] = property.name }
        }
        self.propertyNames = names
    }

    /// One text per conjunct of the predicate (see ``Predicate/conjuncts``).
    public func describe<T>(_ predicate: Predicate<T>) -> [String] {
        let scope = DescriptionScope(describer: self, variables: [predicate.variable.key: "$0"])
        return predicate.conjuncts.map { scope.describe($0) }
    }

    /// A sort descriptor: the property it compares and its direction, such as `start descending`.
    public func describe<T>(_ descriptor: SortDescriptor<T>) -> String {
        let order = descriptor.order == .forward ? "ascending" : "descending"
        guard let keyPath = descriptor.keyPath else { return "a comparator, \(order)" }
        return "\(name(of: keyPath)) \(order)"
    }

    /// The name of a key path's members: a schema property, a chain of them through to-one
    /// relationships (`trip?.name`), or `persistentModelID`; `‹key path›` when the runtime
    /// does not spell it in a way that names it.
    func name(of keyPath: AnyKeyPath) -> String {
        if let name = propertyNames[keyPath] { return name }
        if type(of: keyPath).valueType == PersistentIdentifier.self { return "persistentModelID" }
        // The runtime spells a model's (computed) property `<computed 0x… (Type)>`, the same in
        // every key path through it: replace each such member with the property's name.
        // Spelling every property costs microseconds, so it happens only here, for a key path
        // the schema does not name.
        var members = Self.members(of: keyPath)
        for entity in schema.entities {
            for property in entity.properties {
                let component = Self.members(of: property.keyPath)
                if !component.isEmpty, members.contains(component) { members = members.replacingOccurrences(of: component, with: property.name) }
            }
        }
        // An optional chain's result is wrapped again, which the runtime spells as a last `?`.
        if members.hasSuffix("?") { members.removeLast() }
        return members.contains("<computed") || members.isEmpty ? "‹key path›" : members
    }

    /// A key path's members as the runtime spells them, without the root type: `trip?.name`.
    private static func members(of keyPath: AnyKeyPath) -> String {
        let spelled = String(describing: keyPath)
        let root = "\\\(type(of: keyPath).rootType)."
        return spelled.hasPrefix(root) ? String(spelled.dropFirst(root.count)) : ""
    }

    /// A value as the describer shows it.
    func value(_ value: Any) -> String {
        guard showsValues else { return "?" }
        guard let wrapped = flattenedOptional(value) else { return "nil" }
        return String(reflecting: wrapped)
    }
}
