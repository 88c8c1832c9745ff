// The fixture format is its own Foundation-only module (apps' tests read it through FoursquarePlacesTesting);
// the harness re-exports it so its users see one module.
@_exported import FixtureFormat
