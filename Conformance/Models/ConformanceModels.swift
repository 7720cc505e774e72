import StrataCore

/// The model types the suite's cases use.
public enum ConformanceModels {
    /// Every suite model; a backend's store must accept this schema.
    public static var all: [any PersistentModel.Type] {[
        Row.self, Owner.self, Pet.self, Account.self, Seat.self, AllTypes.self,
        Library.self, Book.self, Note.self, Shelf.self, Node.self,
        Student.self, Course.self, Playlist.self, Song.self, Country.self, City.self, Resident.self,
    ]}
}
