import StrataCore

extension HonestyCases {
    /// With `.reopening` but without `.migrationPlans`, opening stored rows through a plan that
    /// renames and converts them is refused with a typed error, and version 1 still reads them.
    static let migrationPlans = ConformanceCase("\(category).migrationPlans", category: category, requires: [.reopening], requiresAbsent: [.migrationPlans]) { environment in
        let configuration = try environment.makeConfiguration()
        do {
            let context = ModelContext(try environment.makeContainer(for: MigrationV1.models, configuration: configuration))
            context.insert(MigrationV1.Widget(name: "a", quantity: 1))
            try context.save()
        }
        let opened: Bool
        do {
            _ = try MigrationCases.opened(MigrationReshaped.self, MigrationReshapedPlan.self, environment, configuration)
            opened = true
        } catch {
            opened = false
        }
        try Check.that(!opened, "a store without .migrationPlans refuses to open stored rows through a plan, with a typed error")
        let context = ModelContext(try environment.makeContainer(for: MigrationV1.models, configuration: configuration))
        try Check.equal(try context.fetch(FetchDescriptor<MigrationV1.Widget>()).map { "\($0.name):\($0.quantity)" }, ["a:1"],
                        "version 1 reads its rows after the refused plan")
    }
}
