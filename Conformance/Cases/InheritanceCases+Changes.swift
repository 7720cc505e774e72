import StrataCore

/// Other contexts' saves and the history over a class hierarchy: a context holding the models
/// of a root fetch takes in updates to a subclass's own properties, inserts and deletes; the
/// history names each change by the model's own class.
extension InheritanceCases {
    static let changeCases: [ConformanceCase] = [mergesIntoRootFetch, historyNamesOwnClass]

    /// Another context's update of a subclass's own property, insert of a subclass model and
    /// batch delete through the root reach a context that fetched the root.
    static let mergesIntoRootFetch = ConformanceCase("inheritance.mergesIntoRootFetch", category: category) { environment in
        let container = try seeded(environment)
        let reader = ModelContext(container)
        let before = try reader.fetch(FetchDescriptor<Transport>())
        let hauler = try Check.unwrap(before[1] as? Truck, "the hauler")

        let writer = ModelContext(container)
        let written = try Check.unwrap(try writer.fetch(FetchDescriptor<Transport>(predicate: #Predicate { $0.name == "hauler" })).first as? Truck, "the writer's hauler")
        written.wheels = 8
        writer.insert(Scooter(name: "dash", isElectric: false))
        try writer.save()
        try writer.delete(model: Transport.self, where: #Predicate { $0.name == "van" })

        let after = try reader.fetch(FetchDescriptor<Transport>())
        try Check.equal(described(after), ["Transport:cart", "Truck:hauler", "TowTruck:tower", "Scooter:zip", "Scooter:dash"], "the reader's next fetch")
        try Check.that(after[1] === hauler, "the same hauler object")
        try Check.equal(hauler.wheels, 8, "with the other context's update of its own property")
    }

    /// The history names inserted, updated and deleted models by their own class.
    static let historyNamesOwnClass = ConformanceCase("inheritance.historyNamesOwnClass", category: category, requires: [.history]) { environment in
        let container = try environment.makeContainer(for: ConformanceModels.hierarchy)
        let context = ModelContext(container)
        let truck = Truck(name: "hauler", wheels: 6)
        context.insert(truck)
        context.insert(Transport(name: "cart"))
        try context.save()
        truck.wheels = 4
        try context.save()
        context.delete(truck)
        try context.save()

        let transactions = try ModelContext(container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        try Check.equal(transactions.count, 3, "one transaction per save")
        let inserted = transactions[0].changes.map(\.changedPersistentIdentifier.entityName).sorted()
        try Check.equal(inserted, ["Transport", "Truck"], "the inserts, each named by its own entity")
        try Check.equal(transactions[1].changes.map(\.changedPersistentIdentifier), [truck.persistentModelID], "the update names the truck")
        guard case .update(let update as DefaultHistoryUpdate<Truck>) = transactions[1].changes.first else {
            throw ConformanceFailure(message: "the second transaction is not an update of a truck: \(transactions[1].changes)")
        }
        try Check.that(update.updatedAttributes == [\Truck.wheels], "the truck's own property changed (got \(update.updatedAttributes))")
        try Check.equal(transactions[2].changes.map(\.changedPersistentIdentifier), [truck.persistentModelID], "the delete names the truck")
    }
}
