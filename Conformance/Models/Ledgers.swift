import StrataCore

/// A hierarchy whose root has a to-many relationship that its subclass inherits.
@Model public class Ledger {
    public var name: String
    @Relationship(deleteRule: .cascade, inverse: \LedgerEntry.ledger) public var entries: [LedgerEntry] = []

    public init(name: String) {
        self.name = name
    }
}

/// The subclass: it inherits ``Ledger/entries`` and adds a required attribute.
@Model public final class SavingsLedger: Ledger {
    public var rate: Double

    public init(name: String, rate: Double) {
        self.rate = rate
        super.init(name: name)
    }
}

/// One entry of a ledger, of either class.
@Model public final class LedgerEntry {
    public var amount: Int
    public var ledger: Ledger?

    public init(amount: Int) {
        self.amount = amount
    }
}

extension ConformanceModels {
    /// The ledger hierarchy without its subclass, as an app had it before adding one.
    public static var ledgersBeforeSubclass: [any PersistentModel.Type] { [Ledger.self, LedgerEntry.self] }
    /// The ledger hierarchy with its subclass.
    public static var ledgers: [any PersistentModel.Type] { [Ledger.self, SavingsLedger.self, LedgerEntry.self] }
}
