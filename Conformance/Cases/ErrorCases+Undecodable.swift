import StrataCore

/// A stored value that no longer decodes (semantics rule 30): it reads as the property's
/// default or nil, the context's next save or fetch throws the error, and the stored value is
/// kept unless the app sets the property.
extension ErrorCases {
    static let undecodableCases: [ConformanceCase] = [undecodableReadsDefault]

    static let undecodableReadsDefault = ConformanceCase("\(category).undecodable.readsDefault", category: category) { environment in
        let container = try environment.makeContainer(for: [Meter.self])
        try { let seed = ModelContext(container); seed.insert(Meter(name: "m", current: Gauge(level: -1), last: Gauge(level: -2))); try seed.save() }()
        let context = ModelContext(container)
        let meter = try DeleteRuleCases.one(context, #Predicate<Meter> { $0.name == "m" })
        try Check.equal(meter.current, nil, "an optional reads nil")
        try Check.equal(meter.last, Gauge(level: 0), "a defaulted attribute reads its default")
        try Check.throwsError("the next fetch throws the decoding error") { _ = try context.fetch(FetchDescriptor<Meter>()) }
        try Check.equal(try context.fetchCount(FetchDescriptor<Meter>()), 1, "once")
        meter.name = "n"
        try context.save()
        let again = ModelContext(container)
        let reread = try DeleteRuleCases.one(again, #Predicate<Meter> { $0.name == "n" })
        try Check.equal(reread.last, Gauge(level: 0), "the saved change kept the undecodable value")
        try Check.throwsError("so reading it fails again") { _ = try again.fetch(FetchDescriptor<Meter>()) }
    }
}
