// Excluded by the root's 'app/generated', which starts at the root's
// directory, also in app/'s merged configuration.
#error "app/generated/ should not be analysed"
