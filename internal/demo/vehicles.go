package demo

// badge is one trim of a vehicle with the figures the generator derives a
// car from. Price is the new price in Australian dollars; a site's recipe
// scales it for its own currency.
type badge struct {
	Name   string
	Price  int
	CC     int    // 0 for electric
	Fuel   string // simple fuel: Petrol, Diesel, Hybrid, Electric
	Drive  string // simple drive: FWD, RWD, AWD, 4WD
	Gears  int    // 1 means a continuously variable or single-speed box
	Manual bool
	// Turbo marks a forced-induction petrol engine (every diesel here is
	// turbocharged).
	Turbo bool
	// Cyl overrides the cylinder count guessed from the capacity.
	Cyl int
	// From is the first model year this badge was sold when it came after
	// its model's launch (a hybrid added later, a new top trim).
	From int
	// Caravans only.
	LengthFt float64
	Sleeps   int
}

// vehicle is one model generation in one body style. Entries sharing Make
// and Model make one new-vehicle Model page with their badges as variants.
//
// First and LastYear are the first and last model years this generation
// was on sale in Australia, from the makers' Australian launch and run-out
// announcements (see NOTICE); no car is ever drawn outside them.
type vehicle struct {
	Make, Model, Series string
	Body                string // simple body (docs/behaviour/entities.md)
	Config              string // body configuration, e.g. Dual Cab
	Seats, Doors        int
	// NotNew marks discontinued models: used stock only. Names are the
	// Australian ones (Mazda3, not Axela).
	NotNew bool
	// First is the launch model year (0: no limit, e.g. caravans).
	First int
	// LastYear caps the model year of discontinued models (0: still sold).
	LastYear int
	Badges   []badge
}

// years is the span of model years a badge of v was sold in; hi is 0 while
// it is still sold.
func (v vehicle) years(bd badge) (lo, hi int) {
	return max(v.First, bd.From), v.LastYear
}

// soldIn reports whether a badge of v was on sale in model year y.
func (v vehicle) soldIn(bd badge, y int) bool {
	lo, hi := v.years(bd)
	return y >= lo && (hi == 0 || y <= hi)
}

func b(name string, price, cc int, fuel, drive string, gears int) badge {
	return badge{Name: name, Price: price, CC: cc, Fuel: fuel, Drive: drive, Gears: gears}
}

func manual(x badge) badge { x.Manual = true; return x }

func turbo(x badge) badge { x.Turbo = true; return x }

func cyl(n int, x badge) badge { x.Cyl = n; return x }

func from(year int, x badge) badge { x.From = year; return x }

func van(name string, price int, lengthFt float64, sleeps int) badge {
	return badge{Name: name, Price: price, LengthFt: lengthFt, Sleeps: sleeps}
}

// vehicles is the demo's catalogue of makes, models and badges: current
// generations (new and used stock) and the generations before them (used
// stock only), with the years each was sold.
var vehicles = []vehicle{
	// Toyota
	{Make: "Toyota", Model: "Corolla", Series: "ZWE219R", Body: "Hatch", Seats: 5, Doors: 5, First: 2018, Badges: []badge{
		b("Ascent Sport", 28990, 1987, "Petrol", "FWD", 1), b("Ascent Sport Hybrid", 32290, 1798, "Hybrid", "FWD", 1),
		b("SX Hybrid", 35490, 1798, "Hybrid", "FWD", 1), from(2020, b("ZR Hybrid", 39990, 1798, "Hybrid", "FWD", 1))}},
	{Make: "Toyota", Model: "Camry", Series: "AXVH71R", Body: "Sedan", Seats: 5, Doors: 4, First: 2018, Badges: []badge{
		b("Ascent Hybrid", 36990, 2487, "Hybrid", "FWD", 1), b("SX Hybrid", 41490, 2487, "Hybrid", "FWD", 1),
		b("SL Hybrid", 48990, 2487, "Hybrid", "FWD", 1)}},
	{Make: "Toyota", Model: "RAV4", Series: "AXAH54R", Body: "SUV", Seats: 5, Doors: 5, First: 2019, Badges: []badge{
		b("GX", 36990, 1987, "Petrol", "FWD", 1), b("GXL Hybrid", 45490, 2487, "Hybrid", "AWD", 1),
		b("Cruiser Hybrid", 50990, 2487, "Hybrid", "AWD", 1), b("Edge", 54990, 2487, "Petrol", "AWD", 8)}},
	{Make: "Toyota", Model: "HiLux", Series: "GUN126R", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, First: 2015, Badges: []badge{
		b("SR", 55990, 2755, "Diesel", "4WD", 6), b("SR5", 64990, 2755, "Diesel", "4WD", 6),
		from(2018, b("Rogue", 72990, 2755, "Diesel", "4WD", 6)), from(2023, b("GR Sport", 78990, 2755, "Diesel", "4WD", 6))}},
	{Make: "Toyota", Model: "HiLux", Series: "GUN126R", Body: "Ute", Config: "Extra Cab", Seats: 4, Doors: 4, First: 2015, Badges: []badge{
		b("SR", 52990, 2393, "Diesel", "4WD", 6)}},
	{Make: "Toyota", Model: "HiLux", Series: "TGN121R", Body: "Cab Chassis", Config: "Single Cab", Seats: 2, Doors: 2, First: 2015, Badges: []badge{
		manual(b("Workmate", 34990, 2694, "Petrol", "RWD", 5))}},
	{Make: "Toyota", Model: "LandCruiser 300", Series: "FJA300R", Body: "SUV", Seats: 7, Doors: 5, First: 2021, Badges: []badge{
		b("GX", 95990, 3346, "Diesel", "4WD", 10), b("GXL", 106990, 3346, "Diesel", "4WD", 10),
		b("VX", 118990, 3346, "Diesel", "4WD", 10), b("Sahara", 140990, 3346, "Diesel", "4WD", 10)}},
	{Make: "Toyota", Model: "Prado", Series: "GDJ250R", Body: "SUV", Seats: 7, Doors: 5, First: 2024, Badges: []badge{
		b("GX", 75990, 2755, "Diesel", "4WD", 8), b("Kakadu", 100990, 2755, "Diesel", "4WD", 8)}},
	{Make: "Toyota", Model: "Yaris Cross", Series: "MXPJ10R", Body: "SUV", Seats: 5, Doors: 5, First: 2020, Badges: []badge{
		cyl(3, b("GX Hybrid", 31990, 1490, "Hybrid", "FWD", 1)), cyl(3, b("GXL Hybrid", 34990, 1490, "Hybrid", "FWD", 1)),
		cyl(3, b("Urban Hybrid", 38990, 1490, "Hybrid", "AWD", 1))}},
	{Make: "Toyota", Model: "HiAce", Series: "GDH300R", Body: "Van", Seats: 3, Doors: 4, First: 2019, Badges: []badge{
		b("LWB", 50990, 2755, "Diesel", "RWD", 6)}},
	{Make: "Toyota", Model: "Kluger", Series: "AXUH78R", Body: "SUV", Seats: 7, Doors: 5, First: 2021, Badges: []badge{
		b("GX Hybrid", 57990, 2487, "Hybrid", "AWD", 1), b("Grande Hybrid", 80990, 2487, "Hybrid", "AWD", 1)}},
	{Make: "Toyota", Model: "bZ4X", Series: "XEAM10R", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		b("FWD", 66990, 0, "Electric", "FWD", 1), b("AWD", 74990, 0, "Electric", "AWD", 1)}},
	{Make: "Toyota", Model: "GR86", Series: "ZN8R", Body: "Coupe", Seats: 4, Doors: 2, First: 2022, Badges: []badge{
		manual(b("GT", 43990, 2387, "Petrol", "RWD", 6))}},
	{Make: "Toyota", Model: "Granvia", Series: "GDH303R", Body: "People Mover", Seats: 8, Doors: 4, First: 2019, Badges: []badge{
		b("Premium", 70990, 2755, "Diesel", "RWD", 6)}},
	{Make: "Toyota", Model: "Corolla", Series: "ZRE182R", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2012, LastYear: 2018, Badges: []badge{
		b("Ascent", 21990, 1798, "Petrol", "FWD", 1), from(2015, b("Ascent Sport", 23490, 1798, "Petrol", "FWD", 1)),
		b("ZR", 30490, 1798, "Petrol", "FWD", 1)}},
	{Make: "Toyota", Model: "Camry", Series: "ASV50R", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2011, LastYear: 2017, Badges: []badge{
		b("Altise", 30990, 2494, "Petrol", "FWD", 6), from(2015, b("Atara S", 32490, 2494, "Petrol", "FWD", 6))}},
	{Make: "Toyota", Model: "RAV4", Series: "ASA44R", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2018, Badges: []badge{
		b("GX", 33990, 2494, "Petrol", "AWD", 6), b("GXL", 38990, 2494, "Petrol", "AWD", 6)}},
	{Make: "Toyota", Model: "HiLux", Series: "KUN26R", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2005, LastYear: 2015, Badges: []badge{
		cyl(4, b("SR5", 50990, 2982, "Diesel", "4WD", 5))}},
	{Make: "Toyota", Model: "Prado", Series: "GDJ150R", Body: "SUV", Seats: 7, Doors: 5, NotNew: true, First: 2015, LastYear: 2024, Badges: []badge{
		b("GXL", 63990, 2755, "Diesel", "4WD", 6)}},
	{Make: "Toyota", Model: "LandCruiser 200", Series: "VDJ200R", Body: "SUV", Seats: 8, Doors: 5, NotNew: true, First: 2008, LastYear: 2021, Badges: []badge{
		b("GXL", 89990, 4461, "Diesel", "4WD", 6)}},
	{Make: "Toyota", Model: "Yaris", Series: "NCP130R", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2011, LastYear: 2020, Badges: []badge{
		b("Ascent", 15990, 1299, "Petrol", "FWD", 4)}},
	{Make: "Toyota", Model: "Prius c", Series: "NHP10R", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2012, LastYear: 2020, Badges: []badge{
		b("Hybrid", 23990, 1496, "Hybrid", "FWD", 1)}},
	{Make: "Toyota", Model: "Prius", Series: "ZVW30", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2009, LastYear: 2015, Badges: []badge{
		b("S Hybrid", 34000, 1797, "Hybrid", "FWD", 1)}},
	{Make: "Toyota", Model: "Camry", Series: "AVV50R", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2012, LastYear: 2017, Badges: []badge{
		b("Hybrid H", 35490, 2494, "Hybrid", "FWD", 1)}},
	{Make: "Toyota", Model: "Tarago", Series: "ACR50R", Body: "People Mover", Seats: 8, Doors: 5, NotNew: true, First: 2006, LastYear: 2019, Badges: []badge{
		b("GLi", 52990, 2362, "Petrol", "FWD", 4)}},

	// Mazda
	{Make: "Mazda", Model: "Mazda3", Series: "BP", Body: "Hatch", Seats: 5, Doors: 5, First: 2019, Badges: []badge{
		b("G20 Evolve", 32990, 1998, "Petrol", "FWD", 6), b("G25 GT", 38990, 2488, "Petrol", "FWD", 6),
		b("G25 Astina", 43990, 2488, "Petrol", "FWD", 6)}},
	{Make: "Mazda", Model: "Mazda3", Series: "BP", Body: "Sedan", Seats: 5, Doors: 4, First: 2019, Badges: []badge{
		manual(b("G20 Pure", 30990, 1998, "Petrol", "FWD", 6))}},
	{Make: "Mazda", Model: "CX-5", Series: "KF", Body: "SUV", Seats: 5, Doors: 5, First: 2017, Badges: []badge{
		b("Maxx", 35990, 1998, "Petrol", "FWD", 6), b("Maxx Sport", 42990, 2488, "Petrol", "AWD", 6),
		from(2022, b("GT SP", 51990, 2488, "Petrol", "AWD", 6)), b("Akera", 55990, 2488, "Petrol", "AWD", 6)}},
	{Make: "Mazda", Model: "CX-3", Series: "DK", Body: "SUV", Seats: 5, Doors: 5, First: 2015, Badges: []badge{
		b("Maxx Sport", 30990, 1998, "Petrol", "FWD", 6)}},
	{Make: "Mazda", Model: "CX-60", Series: "KH", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		b("P50e Evolve", 60990, 2488, "Hybrid", "AWD", 8), b("D50e GT", 69990, 3283, "Diesel", "AWD", 8)}},
	{Make: "Mazda", Model: "BT-50", Series: "TF", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, First: 2020, Badges: []badge{
		b("XT", 55990, 2999, "Diesel", "4WD", 6), b("GT", 62990, 2999, "Diesel", "4WD", 6)}},
	{Make: "Mazda", Model: "MX-5", Series: "ND", Body: "Convertible", Seats: 2, Doors: 2, First: 2015, Badges: []badge{
		manual(b("Roadster", 44990, 1998, "Petrol", "RWD", 6))}},
	{Make: "Mazda", Model: "Mazda3", Series: "BM", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2014, LastYear: 2019, Badges: []badge{
		b("Maxx", 24990, 1998, "Petrol", "FWD", 6), b("SP25", 28990, 2488, "Petrol", "FWD", 6)}},
	{Make: "Mazda", Model: "CX-5", Series: "KE", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2012, LastYear: 2017, Badges: []badge{
		b("Maxx", 27990, 1998, "Petrol", "FWD", 6), b("Maxx Sport", 35990, 2488, "Petrol", "AWD", 6)}},
	{Make: "Mazda", Model: "Mazda6", Series: "GJ", Body: "Wagon", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2021, Badges: []badge{
		b("Touring", 40990, 2488, "Petrol", "FWD", 6)}},

	// Hyundai
	{Make: "Hyundai", Model: "i30", Series: "PD", Body: "Hatch", Seats: 5, Doors: 5, First: 2017, Badges: []badge{
		b("Active", 28990, 1999, "Petrol", "FWD", 6), from(2018, turbo(b("N Line", 34990, 1591, "Petrol", "FWD", 7)))}},
	{Make: "Hyundai", Model: "i30", Series: "CN7", Body: "Sedan", Seats: 5, Doors: 4, First: 2021, Badges: []badge{
		b("Elite", 32990, 1999, "Petrol", "FWD", 1)}},
	{Make: "Hyundai", Model: "Tucson", Series: "NX4", Body: "SUV", Seats: 5, Doors: 5, First: 2021, Badges: []badge{
		b("Active", 36990, 1999, "Petrol", "FWD", 6), b("Elite", 44990, 2497, "Petrol", "AWD", 8),
		b("Highlander N Line", 52990, 2497, "Petrol", "AWD", 8)}},
	{Make: "Hyundai", Model: "Kona", Series: "SX2", Body: "SUV", Seats: 5, Doors: 5, First: 2023, Badges: []badge{
		b("Active", 31990, 1999, "Petrol", "FWD", 1), b("Electric Extended Range", 60990, 0, "Electric", "FWD", 1)}},
	{Make: "Hyundai", Model: "Santa Fe", Series: "MX5", Body: "SUV", Seats: 7, Doors: 5, First: 2024, Badges: []badge{
		turbo(b("Hybrid", 60990, 1598, "Hybrid", "AWD", 6))}},
	{Make: "Hyundai", Model: "IONIQ 5", Series: "NE", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		b("Dynamiq", 68990, 0, "Electric", "RWD", 1), b("Epiq", 80990, 0, "Electric", "AWD", 1)}},
	{Make: "Hyundai", Model: "Staria", Series: "US4", Body: "People Mover", Seats: 8, Doors: 4, First: 2021, Badges: []badge{
		b("Elite", 62990, 2199, "Diesel", "AWD", 8)}},
	{Make: "Hyundai", Model: "i30", Series: "GD", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2012, LastYear: 2017, Badges: []badge{
		b("Active", 20990, 1797, "Petrol", "FWD", 6)}},
	{Make: "Hyundai", Model: "Tucson", Series: "TL", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2015, LastYear: 2021, Badges: []badge{
		b("Active", 28990, 1999, "Petrol", "FWD", 6)}},
	{Make: "Hyundai", Model: "Santa Fe", Series: "TM", Body: "SUV", Seats: 7, Doors: 5, NotNew: true, First: 2018, LastYear: 2023, Badges: []badge{
		b("Active", 45990, 2199, "Diesel", "AWD", 8)}},
	{Make: "Hyundai", Model: "iLoad", Series: "TQ", Body: "Van", Seats: 3, Doors: 4, NotNew: true, First: 2008, LastYear: 2021, Badges: []badge{
		b("iLoad", 39990, 2497, "Diesel", "RWD", 5)}},

	// Kia
	{Make: "Kia", Model: "Sportage", Series: "NQ5", Body: "SUV", Seats: 5, Doors: 5, First: 2021, Badges: []badge{
		b("S", 35990, 1999, "Petrol", "FWD", 6), b("SX", 40990, 1999, "Petrol", "FWD", 6),
		from(2024, turbo(b("GT-Line Hybrid", 55990, 1598, "Hybrid", "AWD", 6)))}},
	{Make: "Kia", Model: "K4", Series: "CL4", Body: "Sedan", Seats: 5, Doors: 4, First: 2025, Badges: []badge{
		b("S", 29990, 1999, "Petrol", "FWD", 1), turbo(b("GT-Line", 41990, 1598, "Petrol", "FWD", 8))}},
	{Make: "Kia", Model: "Seltos", Series: "SP2", Body: "SUV", Seats: 5, Doors: 5, First: 2019, Badges: []badge{
		b("S", 30990, 1999, "Petrol", "FWD", 1), turbo(b("GT-Line", 42990, 1591, "Petrol", "AWD", 7))}},
	{Make: "Kia", Model: "Sorento", Series: "MQ4", Body: "SUV", Seats: 7, Doors: 5, First: 2020, Badges: []badge{
		b("Sport", 50990, 3470, "Petrol", "AWD", 8), b("GT-Line", 63990, 2151, "Diesel", "AWD", 8)}},
	{Make: "Kia", Model: "Carnival", Series: "KA4", Body: "People Mover", Seats: 8, Doors: 5, First: 2020, Badges: []badge{
		b("S", 50990, 2151, "Diesel", "FWD", 8), b("Platinum", 70990, 2151, "Diesel", "FWD", 8)}},
	{Make: "Kia", Model: "EV6", Series: "CV", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		b("Air", 72990, 0, "Electric", "RWD", 1), b("GT-Line", 83990, 0, "Electric", "AWD", 1)}},
	{Make: "Kia", Model: "Picanto", Series: "JA", Body: "Hatch", Seats: 5, Doors: 5, First: 2017, Badges: []badge{
		manual(b("S", 17990, 1248, "Petrol", "FWD", 5))}},
	{Make: "Kia", Model: "Cerato", Series: "BD", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2018, LastYear: 2024, Badges: []badge{
		b("S", 27990, 1999, "Petrol", "FWD", 6), b("Sport+", 32990, 1999, "Petrol", "FWD", 6)}},
	{Make: "Kia", Model: "Cerato", Series: "YD", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2018, Badges: []badge{
		b("S", 20990, 1999, "Petrol", "FWD", 6)}},
	{Make: "Kia", Model: "Sportage", Series: "QL", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2016, LastYear: 2021, Badges: []badge{
		b("Si", 29990, 1999, "Petrol", "FWD", 6)}},

	// Ford
	{Make: "Ford", Model: "Ranger", Series: "PY", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, First: 2022, Badges: []badge{
		manual(b("XL", 48990, 1996, "Diesel", "4WD", 6)), b("XLT", 62990, 1996, "Diesel", "4WD", 10),
		cyl(6, b("Wildtrak", 72990, 2993, "Diesel", "4WD", 10)), turbo(b("Raptor", 88990, 2956, "Petrol", "4WD", 10))}},
	{Make: "Ford", Model: "Everest", Series: "UB", Body: "SUV", Seats: 7, Doors: 5, First: 2022, Badges: []badge{
		b("Trend", 65990, 1996, "Diesel", "4WD", 10), cyl(6, b("Platinum", 80990, 2993, "Diesel", "4WD", 10))}},
	{Make: "Ford", Model: "Puma", Series: "JK", Body: "SUV", Seats: 5, Doors: 5, First: 2020, Badges: []badge{
		turbo(b("Puma", 33990, 999, "Petrol", "FWD", 7))}},
	{Make: "Ford", Model: "Mustang", Series: "S650", Body: "Coupe", Seats: 4, Doors: 2, First: 2024, Badges: []badge{
		b("GT", 80990, 5038, "Petrol", "RWD", 10)}},
	{Make: "Ford", Model: "Transit Custom", Series: "VN", Body: "Van", Seats: 3, Doors: 4, First: 2024, Badges: []badge{
		b("320S", 52990, 1995, "Diesel", "FWD", 8)}},
	{Make: "Ford", Model: "Escape", Series: "ZH", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2020, LastYear: 2024, Badges: []badge{
		cyl(3, turbo(b("ST-Line", 42990, 1497, "Petrol", "FWD", 8)))}},
	{Make: "Ford", Model: "Ranger", Series: "PX", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2011, LastYear: 2022, Badges: []badge{
		cyl(5, b("XLT", 57990, 3198, "Diesel", "4WD", 6))}},
	{Make: "Ford", Model: "Everest", Series: "UA", Body: "SUV", Seats: 7, Doors: 5, NotNew: true, First: 2015, LastYear: 2022, Badges: []badge{
		cyl(5, b("Trend", 60990, 3198, "Diesel", "4WD", 6))}},
	{Make: "Ford", Model: "Falcon", Series: "FG", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2008, LastYear: 2016, Badges: []badge{
		b("XR6", 41990, 3984, "Petrol", "RWD", 6)}},
	{Make: "Ford", Model: "Territory", Series: "SZ", Body: "SUV", Seats: 7, Doors: 5, NotNew: true, First: 2011, LastYear: 2016, Badges: []badge{
		cyl(6, b("TS", 49990, 2720, "Diesel", "AWD", 6))}},
	{Make: "Ford", Model: "Focus", Series: "LW", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2011, LastYear: 2015, Badges: []badge{
		b("Trend", 25990, 1999, "Petrol", "FWD", 6)}},

	// Subaru
	{Make: "Subaru", Model: "Forester", Series: "S6", Body: "SUV", Seats: 5, Doors: 5, First: 2025, Badges: []badge{
		b("2.5i", 38990, 2498, "Petrol", "AWD", 1), b("2.5i Sport", 42990, 2498, "Petrol", "AWD", 1),
		b("Hybrid S", 50990, 2498, "Hybrid", "AWD", 1)}},
	{Make: "Subaru", Model: "Outback", Series: "BT", Body: "Wagon", Seats: 5, Doors: 5, First: 2021, Badges: []badge{
		b("AWD", 45990, 2498, "Petrol", "AWD", 1), from(2022, turbo(b("AWD Touring XT", 55990, 2387, "Petrol", "AWD", 1)))}},
	{Make: "Subaru", Model: "Crosstrek", Series: "G6", Body: "SUV", Seats: 5, Doors: 5, First: 2023, Badges: []badge{
		b("2.0R", 33990, 1995, "Petrol", "AWD", 1)}},
	{Make: "Subaru", Model: "WRX", Series: "VB", Body: "Sedan", Seats: 5, Doors: 4, First: 2022, Badges: []badge{
		manual(turbo(b("WRX", 50990, 2387, "Petrol", "AWD", 6)))}},
	{Make: "Subaru", Model: "Impreza", Series: "G6", Body: "Hatch", Seats: 5, Doors: 5, First: 2024, Badges: []badge{
		b("2.0i", 30990, 1995, "Petrol", "AWD", 1)}},
	{Make: "Subaru", Model: "Levorg", Series: "VM", Body: "Wagon", Seats: 5, Doors: 5, NotNew: true, First: 2016, LastYear: 2020, Badges: []badge{
		turbo(b("1.6GT", 42000, 1599, "Petrol", "AWD", 1))}},
	{Make: "Subaru", Model: "Forester", Series: "S5", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2018, LastYear: 2024, Badges: []badge{
		b("2.5i-L", 35990, 2498, "Petrol", "AWD", 1)}},
	{Make: "Subaru", Model: "Forester", Series: "S4", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2018, Badges: []badge{
		b("2.5i", 32990, 2498, "Petrol", "AWD", 1)}},
	{Make: "Subaru", Model: "XV", Series: "G5", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2017, LastYear: 2022, Badges: []badge{
		b("2.0i-L", 29990, 1995, "Petrol", "AWD", 1)}},
	{Make: "Subaru", Model: "WRX", Series: "VA", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2014, LastYear: 2021, Badges: []badge{
		manual(turbo(b("WRX", 39990, 1998, "Petrol", "AWD", 6)))}},

	// Nissan
	{Make: "Nissan", Model: "X-Trail", Series: "T33", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		b("ST", 38990, 2488, "Petrol", "FWD", 1), from(2023, cyl(3, turbo(b("ST-L e-Power", 50990, 1497, "Hybrid", "AWD", 1)))),
		b("Ti", 56990, 2488, "Petrol", "AWD", 1)}},
	{Make: "Nissan", Model: "Navara", Series: "D23", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, First: 2015, Badges: []badge{
		b("SL", 53990, 2298, "Diesel", "4WD", 7), b("ST-X", 60990, 2298, "Diesel", "4WD", 7),
		from(2021, b("Pro-4X", 64990, 2298, "Diesel", "4WD", 7))}},
	{Make: "Nissan", Model: "Qashqai", Series: "J12", Body: "SUV", Seats: 5, Doors: 5, First: 2022, Badges: []badge{
		turbo(b("ST", 34990, 1332, "Petrol", "FWD", 1))}},
	{Make: "Nissan", Model: "Patrol", Series: "Y62", Body: "SUV", Seats: 8, Doors: 5, First: 2013, Badges: []badge{
		b("Ti", 90990, 5552, "Petrol", "4WD", 7)}},
	{Make: "Nissan", Model: "Leaf", Series: "ZE1", Body: "Hatch", Seats: 5, Doors: 5, First: 2019, Badges: []badge{
		b("Leaf", 50990, 0, "Electric", "FWD", 1), from(2020, b("e+", 62990, 0, "Electric", "FWD", 1))}},
	{Make: "Nissan", Model: "Juke", Series: "F16", Body: "SUV", Seats: 5, Doors: 5, First: 2020, Badges: []badge{
		turbo(b("ST", 30990, 999, "Petrol", "FWD", 7))}},
	{Make: "Nissan", Model: "Micra", Series: "K13", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2011, LastYear: 2017, Badges: []badge{
		b("ST", 14990, 1198, "Petrol", "FWD", 4)}},
	{Make: "Nissan", Model: "X-Trail", Series: "T32", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2014, LastYear: 2022, Badges: []badge{
		b("ST", 30990, 2488, "Petrol", "FWD", 1)}},
	{Make: "Nissan", Model: "Navara", Series: "D40", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2006, LastYear: 2015, Badges: []badge{
		b("ST-X", 52990, 2488, "Diesel", "4WD", 5)}},
	{Make: "Nissan", Model: "Pulsar", Series: "C12", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2017, Badges: []badge{
		b("ST", 21990, 1798, "Petrol", "FWD", 1)}},

	// Mitsubishi
	{Make: "Mitsubishi", Model: "Triton", Series: "MV", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, First: 2024, Badges: []badge{
		b("GLX+", 48990, 2442, "Diesel", "4WD", 6), b("GLS", 56990, 2442, "Diesel", "4WD", 6)}},
	{Make: "Mitsubishi", Model: "Outlander", Series: "ZM", Body: "SUV", Seats: 7, Doors: 5, First: 2021, Badges: []badge{
		b("ES", 36990, 2488, "Petrol", "FWD", 1), from(2022, b("Aspire PHEV", 58990, 2360, "Hybrid", "AWD", 1))}},
	{Make: "Mitsubishi", Model: "ASX", Series: "XD", Body: "SUV", Seats: 5, Doors: 5, First: 2019, Badges: []badge{
		b("LS", 28990, 1999, "Petrol", "FWD", 1)}},
	{Make: "Mitsubishi", Model: "Eclipse Cross", Series: "YB", Body: "SUV", Seats: 5, Doors: 5, First: 2018, Badges: []badge{
		turbo(b("LS", 34990, 1499, "Petrol", "FWD", 1))}},
	{Make: "Mitsubishi", Model: "Triton", Series: "MR", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2019, LastYear: 2024, Badges: []badge{
		b("GLS", 50990, 2442, "Diesel", "4WD", 6)}},
	{Make: "Mitsubishi", Model: "Triton", Series: "MQ", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2015, LastYear: 2018, Badges: []badge{
		b("Exceed", 48990, 2442, "Diesel", "4WD", 5)}},
	{Make: "Mitsubishi", Model: "Lancer", Series: "CJ", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2008, LastYear: 2017, Badges: []badge{
		b("ES", 20990, 1998, "Petrol", "FWD", 1)}},
	{Make: "Mitsubishi", Model: "Pajero", Series: "NX", Body: "SUV", Seats: 7, Doors: 5, NotNew: true, First: 2014, LastYear: 2021, Badges: []badge{
		cyl(4, b("GLX", 53990, 3200, "Diesel", "4WD", 5))}},

	// Suzuki (finance estimates are never shown for Suzuki: docs/behaviour/validation.md)
	{Make: "Suzuki", Model: "Swift", Series: "AZ", Body: "Hatch", Seats: 5, Doors: 5, First: 2024, Badges: []badge{
		b("GL", 23990, 1197, "Petrol", "FWD", 1), manual(b("GL Manual", 21990, 1197, "Petrol", "FWD", 5)),
		b("GLX Hybrid", 28990, 1197, "Hybrid", "FWD", 1)}},
	{Make: "Suzuki", Model: "Vitara", Series: "LY", Body: "SUV", Seats: 5, Doors: 5, First: 2015, Badges: []badge{
		b("Vitara", 30990, 1586, "Petrol", "FWD", 6)}},
	{Make: "Suzuki", Model: "Jimny", Series: "JB74", Body: "SUV", Seats: 4, Doors: 3, First: 2018, Badges: []badge{
		manual(b("GLX", 32990, 1462, "Petrol", "4WD", 5))}},
	{Make: "Suzuki", Model: "Swift", Series: "AZ", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2017, LastYear: 2023, Badges: []badge{
		b("GL Navigator", 18990, 1242, "Petrol", "FWD", 1)}},
	{Make: "Suzuki", Model: "Swift", Series: "FZ", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2011, LastYear: 2017, Badges: []badge{
		b("GL", 17990, 1372, "Petrol", "FWD", 4)}},

	// Other makes, used only in this demo.
	{Make: "Volkswagen", Model: "Golf", Series: "8", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2021, Badges: []badge{
		turbo(b("110TSI Life", 36990, 1395, "Petrol", "FWD", 8))}},
	{Make: "Volkswagen", Model: "Golf", Series: "7", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2020, Badges: []badge{
		turbo(b("110TSI Comfortline", 30990, 1395, "Petrol", "FWD", 7))}},
	{Make: "Volkswagen", Model: "Tiguan", Series: "5N", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2016, LastYear: 2024, Badges: []badge{
		turbo(b("132TSI Comfortline", 47990, 1984, "Petrol", "AWD", 7))}},
	{Make: "Volkswagen", Model: "Amarok", Series: "2H", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2012, LastYear: 2022, Badges: []badge{
		b("TDI420 Highline", 60990, 1968, "Diesel", "4WD", 8)}},
	{Make: "Honda", Model: "CR-V", Series: "RW", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2017, LastYear: 2023, Badges: []badge{
		turbo(b("VTi", 35990, 1498, "Petrol", "FWD", 1))}},
	{Make: "Honda", Model: "CR-V", Series: "RM", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2017, Badges: []badge{
		b("VTi", 30990, 1997, "Petrol", "FWD", 5)}},
	{Make: "Honda", Model: "Civic", Series: "11th Gen", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2022, Badges: []badge{
		turbo(b("VTi LX", 47990, 1498, "Petrol", "FWD", 1))}},
	{Make: "Honda", Model: "Civic", Series: "10th Gen", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2016, LastYear: 2021, Badges: []badge{
		b("VTi", 22390, 1799, "Petrol", "FWD", 1)}},
	{Make: "Honda", Model: "Jazz", Series: "GK", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2014, LastYear: 2020, Badges: []badge{
		b("VTi", 20990, 1497, "Petrol", "FWD", 1)}},
	{Make: "Honda", Model: "Accord", Series: "CR", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2014, LastYear: 2019, Badges: []badge{
		b("Sport Hybrid", 54990, 1993, "Hybrid", "FWD", 1)}},
	{Make: "BMW", Model: "3 Series", Series: "G20", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2019, Badges: []badge{
		turbo(b("320i M Sport", 70990, 1998, "Petrol", "RWD", 8))}},
	{Make: "BMW", Model: "X5", Series: "G05", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2019, Badges: []badge{
		cyl(6, b("xDrive30d", 120990, 2993, "Diesel", "AWD", 8))}},
	{Make: "Mercedes-Benz", Model: "C-Class", Series: "W206", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2022, Badges: []badge{
		turbo(b("C200", 78990, 1496, "Petrol", "RWD", 9))}},
	{Make: "Mercedes-Benz", Model: "C-Class", Series: "W205", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2014, LastYear: 2021, Badges: []badge{
		turbo(b("C200", 61990, 1991, "Petrol", "RWD", 7))}},
	{Make: "Mercedes-Benz", Model: "GLC", Series: "X254", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2023, Badges: []badge{
		turbo(b("GLC300 4MATIC", 95990, 1999, "Petrol", "AWD", 9))}},
	{Make: "Audi", Model: "A3", Series: "8Y", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2021, Badges: []badge{
		turbo(b("35 TFSI", 48990, 1395, "Petrol", "FWD", 7))}},
	{Make: "Audi", Model: "A3", Series: "8V", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2013, LastYear: 2020, Badges: []badge{
		turbo(b("1.4 TFSI Attraction", 36990, 1395, "Petrol", "FWD", 7))}},
	{Make: "Audi", Model: "Q5", Series: "FY", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2017, Badges: []badge{
		from(2018, b("40 TDI quattro", 75990, 1968, "Diesel", "AWD", 7))}},
	{Make: "Tesla", Model: "Model 3", Series: "Highland", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2023, Badges: []badge{
		b("Rear-Wheel Drive", 60990, 0, "Electric", "RWD", 1), from(2024, b("Long Range", 72990, 0, "Electric", "AWD", 1))}},
	{Make: "Tesla", Model: "Model 3", Series: "2019", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2019, LastYear: 2023, Badges: []badge{
		b("Standard Range Plus", 66900, 0, "Electric", "RWD", 1)}},
	{Make: "Tesla", Model: "Model Y", Series: "Juniper", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2025, Badges: []badge{
		b("Long Range", 75990, 0, "Electric", "AWD", 1)}},
	{Make: "Tesla", Model: "Model Y", Series: "2022", Body: "SUV", Seats: 5, Doors: 5, NotNew: true, First: 2022, LastYear: 2024, Badges: []badge{
		b("Rear-Wheel Drive", 68900, 0, "Electric", "RWD", 1)}},
	{Make: "Holden", Model: "Commodore", Series: "VF", Body: "Sedan", Seats: 5, Doors: 4, NotNew: true, First: 2013, LastYear: 2017, Badges: []badge{
		b("SV6", 45990, 3564, "Petrol", "RWD", 6), b("Evoke", 36990, 3009, "Petrol", "RWD", 6)}},
	{Make: "Holden", Model: "Colorado", Series: "RG", Body: "Ute", Config: "Dual Cab", Seats: 5, Doors: 4, NotNew: true, First: 2012, LastYear: 2020, Badges: []badge{
		b("LTZ", 52990, 2776, "Diesel", "4WD", 6)}},
	{Make: "Holden", Model: "Cruze", Series: "JH", Body: "Hatch", Seats: 5, Doors: 5, NotNew: true, First: 2011, LastYear: 2016, Badges: []badge{
		b("Equipe", 23490, 1796, "Petrol", "FWD", 6)}},

	// Caravans
	{Make: "Jayco", Model: "Journey Outback", Body: "Caravan", Doors: 1, Badges: []badge{
		van("19.61-3", 74990, 19.6, 4), van("21.61-3", 82990, 21.6, 4)}},
	{Make: "Jayco", Model: "Crossover", Body: "Caravan", Doors: 1, Badges: []badge{
		van("15.44-3", 49990, 15.5, 2)}},
	{Make: "Jayco", Model: "Silverline", Body: "Caravan", Doors: 1, Badges: []badge{
		van("21.66-3", 99990, 21.6, 2), van("23.66-3", 109990, 23.5, 6)}},
	{Make: "Lotus", Model: "Trooper", Body: "Caravan", Doors: 1, Badges: []badge{
		van("18'6 Series 4", 119990, 18.5, 2)}},
	{Make: "Lotus", Model: "Off-Grid", Body: "Caravan", Doors: 1, Badges: []badge{
		van("20'0 Bunk", 139990, 20.0, 5)}},
	{Make: "Coromal", Model: "Element", Body: "Caravan", Doors: 1, Badges: []badge{
		van("E17", 54990, 17.5, 2)}},
	{Make: "Coromal", Model: "Lifestyle", Body: "Caravan", Doors: 1, Badges: []badge{
		van("L21 Family", 69990, 21.0, 6)}},
	{Make: "Retreat", Model: "Daintree", Body: "Caravan", Doors: 1, Badges: []badge{
		van("19'6 Club", 84990, 19.5, 2)}},
	{Make: "Retreat", Model: "Cooktown", Body: "Caravan", Doors: 1, Badges: []badge{
		van("21'6 Bunk", 94990, 21.5, 5)}},
	{Make: "New Age", Model: "Manta Ray", Body: "Caravan", Doors: 1, Badges: []badge{
		van("19ER", 79990, 19.6, 3)}},
	{Make: "New Age", Model: "Road Owl", Body: "Caravan", Doors: 1, Badges: []badge{
		van("16 Pop Top", 52990, 16.0, 2)}},
	{Make: "Crusader", Model: "Excalibur", Body: "Caravan", Doors: 1, Badges: []badge{
		van("21'6 Ensuite", 89990, 21.6, 4)}},
	{Make: "Crusader", Model: "Alpha", Body: "Caravan", Doors: 1, Badges: []badge{
		van("19'6 Tourer", 72990, 19.6, 2)}},
}

// makePalette lists each make's paint colours (names from colourHex).
var makePalette = map[string][]string{
	"Toyota":        {"Glacier White", "Eclipse Black", "Silver Pearl", "Graphite", "Saturn Blue", "Feverish Red", "Crystal Pearl"},
	"Mazda":         {"Snowflake White Pearl", "Jet Black", "Soul Red Crystal", "Machine Grey", "Deep Crystal Blue", "Sonic Silver", "Polymetal Grey", "Platinum Quartz"},
	"Hyundai":       {"Polar White", "Phantom Black", "Typhoon Silver", "Amazon Grey", "Intense Blue", "Fiery Red"},
	"Kia":           {"Clear White", "Aurora Black", "Steel Grey", "Gravity Grey", "Runway Red", "Dawning Red"},
	"Ford":          {"Arctic White", "Shadow Black", "Aluminium", "Meteor Grey", "Lucid Red", "Blue Lightning", "Conquer Grey"},
	"Subaru":        {"Crystal White", "Crystal Black", "Ice Silver", "Magnetite Grey", "Sapphire Blue", "Autumn Green"},
	"Nissan":        {"Ivory Pearl", "Diamond Black", "Brilliant Silver", "Gun Metallic", "Burgundy", "Caspian Blue"},
	"Mitsubishi":    {"White Solid", "Black Mica", "Sterling Silver", "Titanium Grey", "Red Diamond", "Cosmic Blue"},
	"Suzuki":        {"Pure White", "Super Black", "Silky Silver", "Burning Red", "Frontier Blue", "Kinetic Yellow"},
	"Volkswagen":    {"Pure White", "Deep Black", "Reflex Silver", "Moonstone Grey", "Kings Red"},
	"Honda":         {"Platinum White", "Crystal Black", "Lunar Silver", "Meteoroid Grey", "Ignite Red"},
	"BMW":           {"Alpine White", "Black Sapphire", "Mineral Grey", "Portimao Blue"},
	"Mercedes-Benz": {"Polar White", "Obsidian Black", "Iridium Silver", "Graphite Grey"},
	"Audi":          {"Glacier White", "Mythos Black", "Floret Silver", "Navarra Blue"},
	"Tesla":         {"Pearl White", "Solid Black", "Stealth Grey", "Ultra Red", "Deep Blue"},
	"Holden":        {"Heron White", "Phantom Black", "Nitrate Silver", "Red Hot"},
	"Jayco":         {"White", "Silver Alloy"},
	"Lotus":         {"Black Alloy", "White"},
	"Coromal":       {"White", "Silver Alloy"},
	"Retreat":       {"White", "Champagne"},
	"New Age":       {"White", "Black Alloy"},
	"Crusader":      {"White", "Silver Alloy"},
}

// colourHex maps a paint or trim name to the colour drawn in images.
var colourHex = map[string]string{
	"Glacier White": "f4f5f0", "Eclipse Black": "16171a", "Silver Pearl": "b8bcc0", "Graphite": "4a4d52",
	"Saturn Blue": "1f3a68", "Feverish Red": "b0141c", "Crystal Pearl": "ece9e0",
	"Snowflake White Pearl": "f2f1ec", "Jet Black": "111214", "Soul Red Crystal": "9e0f1e", "Machine Grey": "5d6166",
	"Deep Crystal Blue": "1b2a48", "Sonic Silver": "a9adb1", "Polymetal Grey": "7a8088", "Platinum Quartz": "c9c3b6",
	"Polar White": "f5f6f4", "Phantom Black": "141416", "Typhoon Silver": "aeb2b5", "Amazon Grey": "62676b",
	"Intense Blue": "1e4fa0", "Fiery Red": "c0161e", "Clear White": "f3f4f2", "Aurora Black": "121315",
	"Steel Grey": "6b7075", "Gravity Grey": "555a5f", "Runway Red": "a3131b", "Dawning Red": "8a1820",
	"Arctic White": "f6f7f5", "Shadow Black": "131416", "Aluminium": "b5b8ba", "Meteor Grey": "4f5358",
	"Lucid Red": "b3121a", "Blue Lightning": "1d5bbf", "Conquer Grey": "6e7167", "Crystal White": "f1f2ee",
	"Crystal Black": "101113", "Ice Silver": "bcc0c3", "Magnetite Grey": "4b4f53", "Sapphire Blue": "1c3f7a",
	"Autumn Green": "3f5a3c", "Ivory Pearl": "efece2", "Diamond Black": "121212", "Brilliant Silver": "b9bdc0",
	"Gun Metallic": "4d5156", "Burgundy": "5e1620", "Caspian Blue": "243f66", "White Solid": "f4f4f2",
	"Black Mica": "141417", "Sterling Silver": "b4b7ba", "Titanium Grey": "5a5e62", "Red Diamond": "a5101d",
	"Cosmic Blue": "20365f", "Pure White": "f7f7f5", "Super Black": "0f0f11", "Silky Silver": "bfc2c4",
	"Burning Red": "b8151c", "Frontier Blue": "2a5a8c", "Kinetic Yellow": "e3c21c", "Deep Black": "111113",
	"Reflex Silver": "b2b5b8", "Moonstone Grey": "6a6e72", "Kings Red": "a8121a", "Platinum White": "f0efea",
	"Lunar Silver": "b6b9bc", "Meteoroid Grey": "585c60", "Ignite Red": "b0151d", "Alpine White": "f5f6f3",
	"Black Sapphire": "15171b", "Mineral Grey": "5b6065", "Portimao Blue": "1f4e9c", "Obsidian Black": "121316",
	"Iridium Silver": "b0b4b7", "Graphite Grey": "50545a", "Mythos Black": "111214", "Floret Silver": "b7babd",
	"Navarra Blue": "1e3d78", "Pearl White": "f3f3ef", "Solid Black": "101010", "Stealth Grey": "53575c",
	"Ultra Red": "b3121d", "Deep Blue": "1c3568", "Heron White": "f2f2ef", "Nitrate Silver": "b3b6b9",
	"Red Hot": "b8141b", "White": "f7f7f7", "Silver Alloy": "c3c6c8", "Black Alloy": "222326", "Champagne": "d8cdb4",
	// Trims
	"Black Cloth": "1c1c1e", "Black Leather": "141414", "Grey Cloth": "6f7276", "Tan Leather": "a9764a",
	"Beige Cloth": "cdbb9b", "Red Leather": "7a1c1f", "Light Oak Interior": "c8a97e",
}

var trims = []string{"Black Cloth", "Black Leather", "Grey Cloth", "Tan Leather", "Beige Cloth", "Red Leather"}

// bodyKeys are the body keys used in image URLs.
var bodyKeys = map[string]string{
	"Sedan": "sedan", "Hatch": "hatch", "Wagon": "wagon", "SUV": "suv", "Ute": "ute", "Van": "van",
	"Coupe": "coupe", "Convertible": "convertible", "Cab Chassis": "cab-chassis",
	"People Mover": "people-mover", "Caravan": "caravan",
}

// bodySize gives typical dimensions (mm), masses (kg) and tank (L) per body.
type bodySize struct{ Length, Width, Height, GVM, Towing, Tank int }

var bodySizes = map[string]bodySize{
	"Sedan": {4700, 1820, 1440, 2000, 1300, 50}, "Hatch": {4370, 1790, 1450, 1800, 1000, 45},
	"Wagon": {4870, 1875, 1670, 2200, 1800, 63}, "SUV": {4650, 1860, 1700, 2500, 2000, 60},
	"Ute": {5370, 1920, 1815, 3200, 3500, 80}, "Van": {5265, 1950, 1990, 3300, 1500, 70},
	"Coupe": {4650, 1810, 1310, 1700, 0, 52}, "Convertible": {3915, 1735, 1235, 1350, 0, 45},
	"Cab Chassis": {5300, 1800, 1700, 2810, 2500, 80}, "People Mover": {5155, 1995, 1740, 2800, 2000, 72},
}
