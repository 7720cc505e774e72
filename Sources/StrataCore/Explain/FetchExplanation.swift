/// How a store runs a fetch: the statements it sends, and which parts of the predicate, the
/// sort and the window it answers itself and which are evaluated in Swift.
///
/// ```swift
/// let explanation = try context.explain(FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != nil && $0.name.count > 4 }))
/// print(explanation)
/// // Trip on SQLite
/// //   sql:        SELECT … FROM "Trip" AS "t0" WHERE ("t0"."budget" IS NOT NULL) ORDER BY "t0"."_pk" ASC  (0 binds)
/// //   predicate:  $0.budget != nil             in the store
/// //               $0.name.count > ?            in memory
/// ```
/// Get one from ``ModelContext/explain(_:showingValues:)``.
public struct FetchExplanation: Sendable, Hashable, CustomStringConvertible {
    /// Where a part of a fetch is evaluated.
    public enum Placement: String, Sendable, Hashable {
        /// By the store itself: in SQL for a SQL store.
        case store
        /// In Swift, over the rows the store read.
        case memory
        /// A limit only: the store reads rows page by page in its order (SQL `LIMIT`/`OFFSET`
        /// per page) until enough match in Swift, then Swift applies the window.
        case pages
    }

    /// A statement the store sends, with every value as a placeholder.
    public struct Statement: Sendable, Hashable {
        /// The statement's text; bound values appear as the dialect's placeholders (`?1`, `$1`).
        public let text: String
        /// How many values are bound.
        public let bindCount: Int
        /// The bound values in placeholder order, only when the explanation was asked to show values.
        public let binds: [String]?

        /// A statement of `bindCount` placeholders, with their values only if given.
        public init(text: String, bindCount: Int, binds: [String]? = nil) {
            self.text = text
            self.bindCount = bindCount
            self.binds = binds
        }
    }

    /// One conjunct of the predicate, or one sort descriptor, and where it is evaluated.
    public struct Part: Sendable, Hashable {
        /// The part as ``PredicateDescriber`` spells it.
        public let text: String
        public let placement: Placement

        public init(_ text: String, _ placement: Placement) {
            self.text = text
            self.placement = placement
        }
    }

    /// The fetched entity.
    public let entityName: String
    /// Who runs the fetch: the store type, and its database where it has one.
    public let evaluator: String
    /// The statements the store runs for the rows, in order; empty for a store that runs none.
    public let statements: [Statement]
    /// The predicate's conjuncts (``Predicate/conjuncts``) and where each is evaluated.
    public let predicate: [Part]
    /// The sort descriptors and where each is applied.
    public let sort: [Part]
    /// Where `fetchLimit` is applied; `nil` without a limit.
    public let limit: Placement?
    /// Where `fetchOffset` is applied; `nil` without an offset.
    public let offset: Placement?
    /// Anything else worth knowing, one sentence each.
    public var notes: [String]

    /// An explanation; see the properties.
    public init(
        entityName: String, evaluator: String, statements: [Statement], predicate: [Part], sort: [Part],
        limit: Placement?, offset: Placement?, notes: [String] = []
    ) {
        self.entityName = entityName
        self.evaluator = evaluator
        self.statements = statements
        self.predicate = predicate
        self.sort = sort
        self.limit = limit
        self.offset = offset
        self.notes = notes
    }

    /// Whether any part of the predicate or the sort is evaluated in Swift.
    public var fallsBack: Bool {
        (predicate + sort).contains { $0.placement == .memory }
    }

    /// The parts evaluated in Swift, as one line: `predicate: $0.name.count > ?; sort: owner ascending`.
    public var inMemorySummary: String {
        [("predicate", predicate), ("sort", sort)].compactMap { label, parts in
            let inMemory = parts.filter { $0.placement == .memory }.map(\.text)
            return inMemory.isEmpty ? nil : "\(label): \(inMemory.joined(separator: " && "))"
        }.joined(separator: "; ")
    }

    public var description: String {
        var lines = ["\(entityName) on \(evaluator)"]
        func add(_ label: String, _ values: [String]) {
            for (index, value) in values.enumerated() {
                lines.append("  \((index == 0 ? label + ":" : "").padding(toLength: 12, withPad: " ", startingAt: 0))\(value)")
            }
        }
        add("sql", statements.map { statement in
            let binds = statement.binds.map { " = [\($0.joined(separator: ", "))]" } ?? ""
            return "\(statement.text)  (\(statement.bindCount) bind\(statement.bindCount == 1 ? "" : "s")\(binds))"
        })
        add("predicate", predicate.isEmpty ? ["none"] : predicate.map(Self.line))
        add("sort", sort.isEmpty ? ["none (insertion order)"] : sort.map(Self.line))
        add("limit", [limit.map(Self.place) ?? "none"])
        add("offset", [offset.map(Self.place) ?? "none"])
        add("note", notes)
        return lines.joined(separator: "\n")
    }

    private static func line(_ part: Part) -> String {
        "\(part.text.padding(toLength: max(part.text.count, 36), withPad: " ", startingAt: 0))  \(place(part.placement))"
    }

    private static func place(_ placement: Placement) -> String {
        switch placement {
        case .store: "in the store"
        case .memory: "in memory"
        case .pages: "in memory, over rows the store reads page by page"
        }
    }
}
