package market

// tradeInMakes is the static manufacturer list the trade-in form offers,
// whatever the site has in stock: the makes of cars and light commercials
// sold new in Australia, current and past, so a buyer trading in any car
// finds its make. Models come from the site's stock where it has the make;
// otherwise the buyer types the model.
var tradeInMakes = []string{
	"Abarth", "AC", "Alfa Romeo", "Alpina", "Alpine", "Aston Martin", "Audi", "Austin", "Austin-Healey",
	"Bentley", "BMW", "Bolwell", "Bugatti", "Buick", "BYD", "Cadillac", "Caterham", "Chery", "Chevrolet",
	"Chrysler", "Citroen", "Cupra", "Daewoo", "Daihatsu", "Daimler", "Datsun", "De Tomaso", "Deepal", "Dodge",
	"DS", "Elfin", "Ferrari", "Fiat", "Fisker", "Ford", "Foton", "Fuso", "GAC", "Geely", "Genesis", "GMC",
	"Great Wall", "GWM", "Haval", "Hillman", "Hino", "Holden", "Honda", "HSV", "Humber", "Hummer", "Hyundai",
	"Ineos", "Infiniti", "International", "Isuzu", "Iveco", "Jaecoo", "Jaguar", "Jeep", "Jensen", "JMC", "Kia",
	"KGM", "Koenigsegg", "Lada", "Lamborghini", "Lancia", "Land Rover", "LDV", "Leapmotor", "Lexus", "Leyland",
	"Lincoln", "Lotus", "Mahindra", "Maserati", "Maxus", "Mazda", "McLaren", "Mercedes-AMG", "Mercedes-Benz",
	"Mercury", "MG", "Mini", "Mitsubishi", "Morgan", "Morris", "Nissan", "Noble", "Oldsmobile", "Omoda", "Opel",
	"Pagani", "Peugeot", "Plymouth", "Polestar", "Pontiac", "Porsche", "Proton", "RAM", "Renault", "Riley",
	"Rolls-Royce", "Rover", "Saab", "Seat", "Shelby", "Skoda", "Skywell", "Smart", "SsangYong", "Studebaker",
	"Subaru", "Sunbeam", "Suzuki", "Tata", "Tesla", "Toyota", "Triumph", "TVR", "Vauxhall", "Volkswagen",
	"Volvo", "Wolseley", "Xpeng", "Zeekr",
}
