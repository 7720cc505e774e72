import Foundation
import Strata

/// A to-do item: the resource the service's list, filter and CRUD routes work on.
@Model final class Item {
    // The list route filters on done and priority and sorts by priority.
    #Index<Item>([\.done, \.priority])

    /// What to do.
    var title: String
    /// Whether it is done.
    var done: Bool
    /// Higher is more urgent.
    var priority: Int
    /// When the item was created.
    var createdAt: Date
    /// The project the item belongs to, if any.
    var project: Project?

    /// An item as a client creates it.
    init(title: String, done: Bool = false, priority: Int = 0, createdAt: Date = .now, project: Project? = nil) {
        self.title = title
        self.done = done
        self.priority = priority
        self.createdAt = createdAt
        self.project = project
    }
}
