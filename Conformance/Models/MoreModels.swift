import StrataCore

/// One side of a many-to-many relationship; `courses` names its inverse.
@Model public final class Student {
    public var name: String
    public var year: Int?
    @Relationship(inverse: \Course.students) public var courses: [Course] = []

    public init(name: String, year: Int? = nil) {
        self.name = name
        self.year = year
    }
}

/// The other side of ``Student/courses``.
@Model public final class Course {
    public var title: String
    public var credits: Int?
    public var students: [Student] = []

    public init(title: String, credits: Int? = nil) {
        self.title = title
        self.credits = credits
    }
}

/// A one-way to-many relationship: songs do not know their playlists.
@Model public final class Playlist {
    public var name: String
    public var songs: [Song] = []

    public init(name: String) {
        self.name = name
    }
}

/// The target of ``Playlist/songs``.
@Model public final class Song {
    public var title: String
    public var seconds: Int

    public init(title: String, seconds: Int) {
        self.title = title
        self.seconds = seconds
    }
}

/// The end of the chain `Resident → City → Country`.
@Model public final class Country {
    public var name: String
    public var code: String?

    public init(name: String, code: String? = nil) {
        self.name = name
        self.code = code
    }
}

/// The middle of the chain; `country` is one-way and optional.
@Model public final class City {
    public var name: String
    public var population: Int?
    public var country: Country?

    public init(name: String, population: Int? = nil, country: Country? = nil) {
        self.name = name
        self.population = population
        self.country = country
    }
}

/// The start of the chain: `$0.city?.country?.name` is two optional hops.
@Model public final class Resident {
    public var name: String
    public var city: City?

    public init(name: String, city: City? = nil) {
        self.name = name
        self.city = city
    }
}
