import Testing

struct ExpansionTests {}
