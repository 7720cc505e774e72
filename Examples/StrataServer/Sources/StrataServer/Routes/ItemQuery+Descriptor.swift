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

    /// The filter. Captured optionals that are `nil` switch a condition off
    /// (`done == nil || …`); the project condition is a second predicate instead, since Strata
    /// compares `item.project?.persistentModelID` with an optional identifier only in memory.
    private func predicate(in context: ModelContext) -> Predicate<Item> {
        let done = done
        let minPriority = minPriority ?? .min
        guard let projectID else {
            return #Predicate { item in (done == nil || item.done == done!) && item.priority >= minPriority }
        }
        let project = context.identifier(of: Project.self, key: projectID)
        return #Predicate { item in
            (done == nil || item.done == done!) && item.priority >= minPriority && item.project?.persistentModelID == project
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
