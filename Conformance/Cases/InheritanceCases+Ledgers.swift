import StrataCore

/// A to-many relationship declared on the root class and inherited by its subclass, and a store
/// reopened after the app added a subclass.
extension InheritanceCases {
    static let ledgerCases: [ConformanceCase] = [inheritedToMany, reopenedWithANewSubclass]

    /// The subclass's models keep, read and cascade the inherited to-many like the root's.
    static let inheritedToMany = ConformanceCase("inheritance.inheritedToMany", category: category) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.ledgers)
        let context = ModelContext(container)
        let savings = SavingsLedger(name: "savings", rate: 0.5)
        let plain = Ledger(name: "plain")
        context.insert(savings)
        context.insert(plain)
        savings.entries = [LedgerEntry(amount: 10), LedgerEntry(amount: 20)]
        plain.entries = [LedgerEntry(amount: 5)]
        try context.save()

        let reader = ModelContext(container)
        let fetched = try Check.unwrap(try reader.fetch(FetchDescriptor<SavingsLedger>()).first, "the savings ledger")
        try Check.equal(fetched.entries.map(\.amount).sorted(), [10, 20], "the subclass's inherited to-many")
        try Check.that(fetched.entries.allSatisfy { $0.ledger === fetched }, "each entry's inverse is the subclass model")
        let ledgers = try reader.fetch(FetchDescriptor<Ledger>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(ledgers.map { "\(type(of: $0)):\($0.name):\($0.entries.count)" }, ["Ledger:plain:1", "SavingsLedger:savings:2"], "the root's fetch")
        let entries = try reader.fetch(FetchDescriptor<LedgerEntry>(predicate: #Predicate { $0.amount == 20 }))
        try Check.that(entries.first?.ledger is SavingsLedger, "an entry's to-one reads the subclass model")

        fetched.entries.append(LedgerEntry(amount: 30))
        try reader.save()
        let later = ModelContext(container)
        let reread = try Check.unwrap(try later.fetch(FetchDescriptor<SavingsLedger>()).first, "the savings ledger again")
        try Check.equal(reread.entries.map(\.amount).sorted(), [10, 20, 30], "an entry appended through the subclass")
        later.delete(reread)
        try later.save()
        try Check.equal(try ModelContext(container).fetch(FetchDescriptor<LedgerEntry>()).map(\.amount), [5], "deleting the subclass model cascades its entries")
    }

    /// A store written before the app declared a subclass opens with it: the old rows read as the
    /// root class, and the subclass's models save and read beside them.
    static let reopenedWithANewSubclass = ConformanceCase(
        "inheritance.reopenedWithANewSubclass", category: category, requires: [.reopening, .schemaEvolution]
    ) { environment in
        let configuration = try environment.makeConfiguration()
        do {
            let context = ModelContext(try environment.makeContainer(for: ConformanceModels.ledgersBeforeSubclass, configuration: configuration))
            let old = Ledger(name: "old")
            context.insert(old)
            old.entries = [LedgerEntry(amount: 1)]
            try context.save()
        }
        let container = try environment.makeContainer(for: ConformanceModels.ledgers, configuration: configuration)
        let context = ModelContext(container)
        let savings = SavingsLedger(name: "new", rate: 2)
        context.insert(savings)
        savings.entries = [LedgerEntry(amount: 2)]
        try context.save()

        let reader = ModelContext(container)
        let ledgers = try reader.fetch(FetchDescriptor<Ledger>(sortBy: [SortDescriptor(\.name)]))
        try Check.equal(ledgers.map { "\(type(of: $0)):\($0.name):\($0.entries.map(\.amount))" }, ["SavingsLedger:new:[2]", "Ledger:old:[1]"], "old and new rows")
        try Check.equal(try reader.fetch(FetchDescriptor<SavingsLedger>()).map(\.rate), [2], "only the new row is a savings ledger")
    }
}
