/// The ordered property names of one entity's snapshots, shared by every snapshot of it.
public final class SnapshotLayout: Sendable, Hashable {
    /// The property names, in slot order.
    public let propertyNames: [String]
    private let indexByName: [String: Int]

    public init(propertyNames: [String]) {
        self.propertyNames = propertyNames
        self.indexByName = Dictionary(propertyNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The slot holding `name`, or `nil` when the entity has no such property.
    public func index(of name: String) -> Int? { indexByName[name] }

    public static func == (lhs: SnapshotLayout, rhs: SnapshotLayout) -> Bool {
        lhs === rhs || lhs.propertyNames == rhs.propertyNames
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(propertyNames) }
}
