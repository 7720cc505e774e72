import Foundation
import ServerAPI
import Strata

extension ItemQuery {
    /// The fetch this query asks for; all of it runs in SQL (`ItemQueryTests` checks the plan).
    func descriptor(in context: ModelContext) -> FetchDescriptor<Item> {
        var descriptor = FetchDescriptor<Item>(predicate: predicate(in: context), sortBy: sortDescriptors)
        descriptor.fetchLimit = limit
        descriptor.fetchOffset = offset > 0 ? offset : nil
        return descriptor
    }

    /// The filter: one predicate per combination of the optional filters, each plain SQL.
    /// (Not `done == nil || item.done == done!` with a captured optional: PostgreSQL cannot type
    /// the `$1 IS NULL` that becomes, SQLSTATE 42P18; and `item.project?.persistentModelID ==`
    /// an optional identifier runs in memory.)
    private func predicate(in context: ModelContext) -> Predicate<Item> {
        let minPriority = minPriority ?? .min
        let project = projectID.map { context.identifier(of: Project.self, key: $0) }
        switch (done, project) {
        case (nil, nil):
            return #Predicate { $0.priority >= minPriority }
        case (let done?, nil):
            return #Predicate { $0.done == done && $0.priority >= minPriority }
        case (nil, let project?):
            return #Predicate { $0.priority >= minPriority && $0.project?.persistentModelID == project }
        case (let done?, let project?):
            return #Predicate { $0.done == done && $0.priority >= minPriority && $0.project?.persistentModelID == project }
        }
    }

    /// The sort, with the key last so that ties come in a stable order.
    private var sortDescriptors: [SortDescriptor<Item>] {
        let order: SortOrder = descending ? .reverse : .forward
        let key = SortDescriptor(\Item.persistentModelID, order: order)
        switch sort {
        case .id: return [key]
        case .title: return [SortDescriptor(\.title, order: order), key]
        case .priority: return [SortDescriptor(\.priority, order: order), key]
        case .createdAt: return [SortDescriptor(\.createdAt, order: order), key]
        }
    }
}
